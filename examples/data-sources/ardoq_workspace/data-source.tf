data "ardoq_workspace" "apps" {
  name = "Applications"
}

output "apps_workspace_key" {
  value = data.ardoq_workspace.apps.workspace_key
}
