data "ardoq_workspace" "apps" {
  name = "Applications"
}

data "ardoq_workspace_context" "apps" {
  workspace_id = data.ardoq_workspace.apps.id
}

output "application_type_id" {
  value = data.ardoq_workspace_context.apps.component_type_ids["Application"]
}

output "list_fields" {
  value = { for f in data.ardoq_workspace_context.apps.custom_fields : f.api_key => f.options if f.type == "List" }
}
