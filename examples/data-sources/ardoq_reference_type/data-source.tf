variable "workspace" {
  description = "Name of the workspace of the references' sources."
  type        = string
  default     = "Applications"
}

variable "depends_on_type" {
  description = "Reference type to look up, by the name Ardoq shows."
  type        = string
  default     = "Depends on"
}

data "ardoq_workspace" "apps" {
  name = var.workspace
}

data "ardoq_reference_type" "depends_on" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.depends_on_type
}

# The type ardoq_reference and ardoq_batch take for references whose source is in the workspace.
output "depends_on_type" {
  value = data.ardoq_reference_type.depends_on.type
}
