# Names in your org's model (the defaults are those of the emulator's org).
variable "workspace" {
  description = "Workspace of the components."
  type        = string
  default     = "Applications"
}

variable "application_type" {
  description = "Component type of applications."
  type        = string
  default     = "Application"
}

variable "module_type" {
  description = "Component type allowed below applications."
  type        = string
  default     = "Application Module"
}

data "ardoq_workspace" "apps" {
  name = var.workspace
}

# Types by the names Ardoq shows: a name that matches none is an error listing the closest names.
data "ardoq_component_type" "application" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.application_type
}

data "ardoq_component_type" "module" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.module_type
}

resource "ardoq_component" "payments" {
  name           = "Payments"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = data.ardoq_component_type.application.type_id
  description    = "Takes card and bank payments"

  # Native types: strings, numbers, booleans and lists of strings.
  custom_fields = {
    owner     = "team-payments"
    cost      = 120000
    critical  = true
    lifecycle = "live"
    regions   = ["eu", "us"]
  }

  # A type_id change replaces the component. Creating the new one first lets its children and
  # references move to it before the old one is deleted (Ardoq would delete them with it).
  lifecycle {
    create_before_destroy = true
  }
}

# A child component: the type hierarchy allows modules below applications.
resource "ardoq_component" "payments_api" {
  name           = "Payments API"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = data.ardoq_component_type.module.type_id
  parent         = ardoq_component.payments.id
}
