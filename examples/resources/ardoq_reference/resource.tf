data "ardoq_workspace" "apps" {
  name = "Applications"
}

data "ardoq_workspace" "infra" {
  name = "Infrastructure"
}

data "ardoq_workspace_context" "apps" {
  workspace_id = data.ardoq_workspace.apps.id
}

resource "ardoq_component" "web" {
  name           = "Web shop"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = data.ardoq_workspace_context.apps.component_type_ids["Application"]
}

resource "ardoq_component" "db" {
  name           = "Orders DB"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = data.ardoq_workspace_context.apps.component_type_ids["Database"]
}

resource "ardoq_component" "host" {
  name           = "web-01"
  root_workspace = data.ardoq_workspace.infra.id
  type_id        = data.ardoq_workspace_context.apps.component_type_ids["Server"] # the workspaces share a model
}

resource "ardoq_reference" "web_uses_db" {
  source       = ardoq_component.web.id
  target       = ardoq_component.db.id
  type         = data.ardoq_workspace_context.apps.reference_type_ids["Depends on"]
  display_text = "reads and writes orders"
  custom_fields = {
    criticality = "high"
  }
}

# Across workspaces: the reference lives in its source's workspace.
resource "ardoq_reference" "web_runs_on_host" {
  source = ardoq_component.web.id
  target = ardoq_component.host.id
  type   = data.ardoq_workspace_context.apps.reference_type_ids["Runs on"]
}
