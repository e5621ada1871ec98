variable "workspace" {
  description = "Name of a workspace."
  type        = string
  default     = "Applications"
}

data "ardoq_workspace" "apps" {
  name = var.workspace
}

# Every workspace, and then those sharing one model.
data "ardoq_workspaces" "all" {}

output "workspace_names" {
  value = [for w in data.ardoq_workspaces.all.workspaces : w.name]
}
