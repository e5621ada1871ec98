variable "workspace" {
  description = "Name of the workspace whose components references target."
  type        = string
  default     = "Applications"
}

data "ardoq_workspace" "applications" {
  name = var.workspace
}

# One listing of the workspace, however many references use it.
data "ardoq_component_ids" "applications" {
  root_workspace = data.ardoq_workspace.applications.id
}

locals {
  application_ids = data.ardoq_component_ids.applications.ids
}

output "first_application" {
  value = length(local.application_ids) > 0 ? values(local.application_ids)[0] : null
}
