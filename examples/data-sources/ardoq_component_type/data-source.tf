variable "workspace" {
  description = "Name of the workspace."
  type        = string
  default     = "Applications"
}

variable "application_type" {
  description = "Component type to look up, by the name Ardoq shows."
  type        = string
  default     = "Application"
}

data "ardoq_workspace" "apps" {
  name = var.workspace
}

data "ardoq_component_type" "application" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.application_type
}

# The type_id ardoq_component and ardoq_batch take, and the custom fields the type allows.
output "application_type_id" {
  value = data.ardoq_component_type.application.type_id
}

output "application_fields" {
  value = data.ardoq_component_type.application.custom_fields
}
