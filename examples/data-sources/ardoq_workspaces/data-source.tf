data "ardoq_workspace" "apps" {
  name = "Applications"
}

# Every workspace, and then those sharing one model.
data "ardoq_workspaces" "all" {}

output "workspace_names" {
  value = [for w in data.ardoq_workspaces.all.workspaces : w.name]
}
