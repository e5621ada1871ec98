# A module of one's own: an application and its modules, in a workspace named by its name.

data "ardoq_workspace" "this" {
  name = var.workspace
}

data "ardoq_component_type" "application" {
  workspace_id = data.ardoq_workspace.this.id
  name         = "Application"
}

resource "ardoq_component" "application" {
  name           = var.name
  root_workspace = data.ardoq_workspace.this.id
  type_id        = data.ardoq_component_type.application.type_id
  custom_fields = {
    owner     = var.owner
    lifecycle = var.stage
  }
}

module "application_module" {
  source   = "./modules/application-module"
  for_each = var.modules

  name         = each.key
  workspace_id = data.ardoq_workspace.this.id
  parent       = ardoq_component.application.id
  owner        = var.owner
}
