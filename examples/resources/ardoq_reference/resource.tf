# Names in your org's model (the defaults are those of the emulator's org).
variable "workspace" {
  description = "Workspace of the application and the database."
  type        = string
  default     = "Applications"
}

variable "infrastructure_workspace" {
  description = "Workspace of the host, with the same model."
  type        = string
  default     = "Infrastructure"
}

variable "application_type" {
  description = "Component type of applications."
  type        = string
  default     = "Application"
}

variable "database_type" {
  description = "Component type of databases."
  type        = string
  default     = "Database"
}

variable "server_type" {
  description = "Component type of servers."
  type        = string
  default     = "Server"
}

variable "depends_on_type" {
  description = "Reference type from an application to what it needs."
  type        = string
  default     = "Depends on"
}

variable "runs_on_type" {
  description = "Reference type from an application to its host."
  type        = string
  default     = "Runs on"
}

data "ardoq_workspace" "apps" {
  name = var.workspace
}

data "ardoq_workspace" "infra" {
  name = var.infrastructure_workspace
}

data "ardoq_workspace_context" "apps" {
  workspace_id = data.ardoq_workspace.apps.id
}

resource "ardoq_component" "web" {
  name           = "Web shop"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = data.ardoq_workspace_context.apps.component_type_ids[var.application_type]
}

resource "ardoq_component" "db" {
  name           = "Orders DB"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = data.ardoq_workspace_context.apps.component_type_ids[var.database_type]
}

resource "ardoq_component" "host" {
  name           = "web-01"
  root_workspace = data.ardoq_workspace.infra.id
  type_id        = data.ardoq_workspace_context.apps.component_type_ids[var.server_type] # the workspaces share a model
}

resource "ardoq_reference" "web_uses_db" {
  source       = ardoq_component.web.id
  target       = ardoq_component.db.id
  type         = data.ardoq_workspace_context.apps.reference_type_ids[var.depends_on_type]
  display_text = "reads and writes orders"
  custom_fields = {
    criticality = "high"
  }
}

# Across workspaces: the reference lives in its source's workspace.
resource "ardoq_reference" "web_runs_on_host" {
  source = ardoq_component.web.id
  target = ardoq_component.host.id
  type   = data.ardoq_workspace_context.apps.reference_type_ids[var.runs_on_type]
}
