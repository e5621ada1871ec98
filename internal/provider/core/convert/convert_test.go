package convert

import (
	"math/big"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func TestPathText(t *testing.T) {
	p := path.Root("components").AtMapKey("api").AtName("custom_fields").AtMapKey("cost")
	if got, want := PathText(p), `components["api"].custom_fields["cost"]`; got != want {
		t.Errorf("PathText = %s, want %s", got, want)
	}
}

func TestTypeText(t *testing.T) {
	for _, tc := range []struct {
		typ  tftypes.Type
		want string
	}{
		{tftypes.String, "a string"}, {tftypes.Number, "a number"}, {tftypes.Bool, "a boolean"},
		{tftypes.List{ElementType: tftypes.String}, "a list"}, {tftypes.Tuple{}, "a list"}, {tftypes.Map{ElementType: tftypes.String}, "a map"},
		{tftypes.Object{}, "an object"},
	} {
		if got := TypeText(tc.typ); got != tc.want {
			t.Errorf("TypeText(%s) = %s, want %s", tc.typ, got, tc.want)
		}
	}
	if got := TypeText(nil); got != "nothing" {
		t.Errorf("TypeText(nil) = %s", got)
	}
}

// TextValue and ScalarText are inverses for what a number, boolean or string field holds.
func TestTextValueAndScalarText(t *testing.T) {
	for _, tc := range []struct {
		text string
		typ  tftypes.Type
		want tftypes.Value
	}{
		{"12.5", tftypes.Number, tftypes.NewValue(tftypes.Number, big.NewFloat(12.5))},
		{"true", tftypes.Bool, tftypes.NewValue(tftypes.Bool, true)},
		{"x", tftypes.String, tftypes.NewValue(tftypes.String, "x")},
		{"not a number", tftypes.Number, tftypes.NewValue(tftypes.String, "not a number")},
		{"yes", tftypes.Bool, tftypes.NewValue(tftypes.String, "yes")},
	} {
		got := TextValue(tc.text, tc.typ)
		if !got.Equal(tc.want) {
			t.Errorf("TextValue(%q, %s) = %s, want %s", tc.text, tc.typ, got, tc.want)
		}
		if back, ok := ScalarText(got); !ok || back != tc.text {
			t.Errorf("ScalarText(%s) = %q, %v; want %q", got, back, ok, tc.text)
		}
	}
	if _, ok := ScalarText(tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, nil)); ok {
		t.Error("a list has no scalar text")
	}
}

// ObjectOrMap keeps a map a map while every element has its element type, and falls back to an object.
func TestObjectOrMap(t *testing.T) {
	strs := tftypes.Map{ElementType: tftypes.String}
	same := map[string]tftypes.Value{"a": tftypes.NewValue(tftypes.String, "1")}
	if got := ObjectOrMap(strs, same); !got.Type().Equal(strs) {
		t.Errorf("elements of the map's type: got %s, want a map", got.Type())
	}
	mixed := map[string]tftypes.Value{"a": tftypes.NewValue(tftypes.String, "1"), "b": tftypes.NewValue(tftypes.Number, big.NewFloat(2))}
	if got := ObjectOrMap(strs, mixed); !got.Type().Is(tftypes.Object{}) {
		t.Errorf("mixed elements: got %s, want an object", got.Type())
	}
}

func TestSmallHelpers(t *testing.T) {
	s := "v"
	if TextOf(nil) != "" || TextOf(&s) != "v" {
		t.Error("TextOf")
	}
	if ElementsOrNil(tftypes.NewValue(tftypes.Object{}, nil)) != nil {
		t.Error("ElementsOrNil of a null object")
	}
}

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 entities", 1: "1 entity", 2: "2 entities"} {
		if got := Plural(n, "entity", "entities"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
	}
}
