package entity

import "testing"

func TestAsSentence(t *testing.T) {
	for doc, want := range map[string]string{
		"when it was created":          "When the component was created.",
		"the name of its type":         "The name of the component's type.",
		"Name of the component.":       "Name of the component.",
		"its `_version`, which items":  "The component's `_version`, which items.",
		"Display icon overriding kits": "Display icon overriding kits.",
	} {
		if got := asSentence(doc, "component"); got != want {
			t.Errorf("asSentence(%q) = %q, want %q", doc, got, want)
		}
	}
}
