package emulator

// The emulator's own wire types. They are deliberately independent of internal/client so that a wrong
// JSON tag on either side is caught by the tests of the other.

// Meta is the `_meta` object every entity carries.
type Meta struct {
	Created             string `json:"created"`
	CreatedBy           string `json:"createdBy"`
	CreatedByName       string `json:"createdByName"`
	CreatedByEmail      string `json:"createdByEmail"`
	LastUpdated         string `json:"lastUpdated"`
	LastModifiedBy      string `json:"lastModifiedBy"`
	LastModifiedByName  string `json:"lastModifiedByName"`
	LastModifiedByEmail string `json:"lastModifiedByEmail"`
}

// Component is a node of the model, as the API returns it.
type Component struct {
	ID            string         `json:"_id"`
	Version       int64          `json:"_version"`
	Meta          Meta           `json:"_meta"`
	Name          string         `json:"name"`
	RootWorkspace string         `json:"rootWorkspace"`
	TypeID        string         `json:"typeId"`
	Type          string         `json:"type"`
	ComponentKey  string         `json:"componentKey"`
	Parent        *string        `json:"parent"`
	Description   *string        `json:"description"`
	Color         *string        `json:"color"`
	Shape         *string        `json:"shape"`
	Icon          *string        `json:"icon"`
	Image         *string        `json:"image"`
	CustomFields  map[string]any `json:"customFields"`
}

// Reference is an edge between two components, as the API returns it.
type Reference struct {
	ID              string         `json:"_id"`
	Version         int64          `json:"_version"`
	Meta            Meta           `json:"_meta"`
	Source          string         `json:"source"`
	Target          string         `json:"target"`
	Type            int64          `json:"type"`
	RootWorkspace   string         `json:"rootWorkspace"`
	TargetWorkspace string         `json:"targetWorkspace"`
	DisplayText     *string        `json:"displayText"`
	Description     *string        `json:"description"`
	CustomFields    map[string]any `json:"customFields"`
}

// Workspace is read-only through the API; it is created by the seed.
type Workspace struct {
	ID             string   `json:"_id"`
	Version        int64    `json:"_version"`
	Meta           Meta     `json:"_meta"`
	Name           string   `json:"name"`
	Description    *string  `json:"description"`
	StartView      *string  `json:"startView"`
	Views          []string `json:"views"`
	WorkspaceKey   string   `json:"workspaceKey"`
	ComponentModel string   `json:"componentModel"`
}

// Model is a metamodel (component types, reference types, custom fields) shared by workspaces.
type Model struct {
	ID             string          `json:"id"`
	ComponentTypes []ComponentType `json:"componentTypes"`
	ReferenceTypes []ReferenceType `json:"referenceTypes"`
	Fields         []Field         `json:"customFields"`
}

// ComponentType is one entry of a model's component type hierarchy.
type ComponentType struct {
	TypeID       string      `json:"typeId"`
	Name         string      `json:"name"`
	CustomFields []string    `json:"customFields"`
	Color        *string     `json:"color"`
	Shape        *string     `json:"shape"`
	Icon         *string     `json:"icon"`
	Image        *string     `json:"image"`
	Parent       *TypeParent `json:"parent,omitempty"`
}

// TypeParent names the parent of a component type.
type TypeParent struct {
	TypeID string `json:"typeId"`
	Name   string `json:"name"`
}

// ReferenceType is a reference type of a model.
type ReferenceType struct {
	Type         int64    `json:"type"`
	Name         string   `json:"name"`
	CustomFields []string `json:"customFields"`
}

// Field is a custom field definition.
type Field struct {
	APIKey       string   `json:"apiKey"`
	Label        string   `json:"label"`
	Type         string   `json:"type"`
	Description  *string  `json:"description"`
	DefaultValue any      `json:"defaultValue"`
	ReadOnly     bool     `json:"readOnly"`
	Calculated   bool     `json:"calculated"`
	Options      []string `json:"options,omitempty"`
}

// Attachment is a file stored in the org or a workspace.
type Attachment struct {
	ID       string             `json:"_id"`
	Version  float64            `json:"_version"`
	Meta     Meta               `json:"_meta"`
	Filename string             `json:"filename"`
	Folder   *string            `json:"folder"`
	Resource AttachmentResource `json:"resource"`
}

// AttachmentResource says what an attachment belongs to.
type AttachmentResource struct {
	Type string `json:"resource-type"`
	ID   string `json:"resource-id"`
}

// Column is a report column.
type Column struct {
	Label string `json:"label"`
	Key   string `json:"key"`
}

// ReportOverview is a report definition as the API returns it.
type ReportOverview struct {
	ID          string   `json:"_id"`
	Version     int64    `json:"_version"`
	Meta        Meta     `json:"_meta"`
	Name        *string  `json:"name"`
	Description *string  `json:"description"`
	Datasource  string   `json:"datasource"`
	Columns     []Column `json:"columns"`
}

// ReportQuery is how the emulator computes a report run from the live model: every component of the
// named type (optionally in one workspace), ordered by name. Column keys name component fields
// (name, componentKey, type, description, rootWorkspace) or custom field API keys.
type ReportQuery struct {
	ComponentType string `json:"componentType"`
	Workspace     string `json:"workspace,omitempty"`
}

// Report is a report definition with the query the emulator runs for it.
type Report struct {
	ReportOverview
	Query ReportQuery `json:"query"`
}

// User is the caller the configured token belongs to.
type User struct {
	ID    string `json:"id"`
	Email string `json:"email"`
	Name  string `json:"name"`
}

// Org is the organisation the emulator stands in for.
type Org struct {
	Name  string `json:"name"`
	Label string `json:"label"`
}
