variable "workspace" {
  description = "Name of the workspace."
  type        = string
  default     = "Applications"
}

data "ardoq_workspace" "apps" {
  name = var.workspace
}

output "apps_workspace_key" {
  value = data.ardoq_workspace.apps.workspace_key
}
