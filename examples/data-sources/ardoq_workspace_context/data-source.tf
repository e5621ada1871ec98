variable "workspace" {
  description = "Name of the workspace."
  type        = string
  default     = "Applications"
}

variable "application_type" {
  description = "Component type to look up."
  type        = string
  default     = "Application"
}

data "ardoq_workspace" "apps" {
  name = var.workspace
}

data "ardoq_workspace_context" "apps" {
  workspace_id = data.ardoq_workspace.apps.id
}

output "application_type_id" {
  value = data.ardoq_workspace_context.apps.component_type_ids[var.application_type]
}

output "list_fields" {
  value = { for f in data.ardoq_workspace_context.apps.custom_fields : f.api_key => f.options if f.type == "List" }
}
