package entity_test

import (
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// The schemas describe MetaModel's attributes from MetaAttributes: one entry per field, in its order.
func TestMetaAttributes_describeEveryField(t *testing.T) {
	model := reflect.TypeFor[entity.MetaModel]()
	if len(entity.MetaAttributes) != model.NumField() {
		t.Fatalf("MetaAttributes has %d entries, MetaModel %d fields", len(entity.MetaAttributes), model.NumField())
	}
	for i, a := range entity.MetaAttributes {
		if tag := model.Field(i).Tag.Get("tfsdk"); a.Name != tag {
			t.Errorf("MetaAttributes[%d] is %q, MetaModel's field %d is %q", i, a.Name, i, tag)
		}
		if a.Description("component") == "" {
			t.Errorf("%s has no description", a.Name)
		}
	}
}

// Every attribute of MetaModel is in both entities' objects, and read back from them.
func TestMetaModel_inBothEntities(t *testing.T) {
	meta := client.Meta{Created: "t0", CreatedBy: "u1", CreatedByName: "Ada", CreatedByEmail: "ada@example.com",
		LastUpdated: "t1", LastModifiedBy: "u2", LastModifiedByName: "Bo", LastModifiedByEmail: "bo@example.com"}
	component := entity.ComponentFromAPI(&client.Component{ID: "c1", Meta: meta}, types.DynamicNull(), false)
	o, diags := component.Object()
	if diags.HasError() {
		t.Fatal(diags)
	}
	if got := entity.ComponentModelOf(o); !reflect.DeepEqual(got, component) {
		t.Errorf("component read back as %+v, want %+v", got, component)
	}
	reference := entity.ReferenceFromAPI(&client.Reference{ID: "r1", Meta: meta}, types.DynamicNull(), false)
	if reference.MetaModel != component.MetaModel {
		t.Errorf("the reference's meta is %+v, the component's %+v", reference.MetaModel, component.MetaModel)
	}
	want := map[string]string{"created": "t0", "created_by": "ada@example.com", "last_updated": "t1", "last_modified_by": "bo@example.com"}
	for _, a := range entity.MetaAttributes {
		if v, ok := o.Attributes()[a.Name].(types.String); !ok || v.ValueString() != want[a.Name] {
			t.Errorf("the component's object has %s = %v, want %q", a.Name, o.Attributes()[a.Name], want[a.Name])
		}
	}
	if len(want) != len(entity.MetaAttributes) {
		t.Errorf("want names %d attributes, MetaAttributes %d", len(want), len(entity.MetaAttributes))
	}
}
