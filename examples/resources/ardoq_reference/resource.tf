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

# Types by the names Ardoq shows: a name that matches none is an error listing the closest names.
data "ardoq_component_type" "application" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.application_type
}

data "ardoq_component_type" "database" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.database_type
}

data "ardoq_component_type" "server" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.server_type
}

# References take the types of their source's workspace (these workspaces share a model).
data "ardoq_reference_type" "depends_on" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.depends_on_type
}

data "ardoq_reference_type" "runs_on" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.runs_on_type
}

resource "ardoq_component" "web" {
  name           = "Web shop"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = data.ardoq_component_type.application.type_id
}

resource "ardoq_component" "db" {
  name           = "Orders DB"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = data.ardoq_component_type.database.type_id
}

resource "ardoq_component" "host" {
  name           = "web-01"
  root_workspace = data.ardoq_workspace.infra.id
  type_id        = data.ardoq_component_type.server.type_id
}

resource "ardoq_reference" "web_uses_db" {
  source       = ardoq_component.web.id
  target       = ardoq_component.db.id
  type         = data.ardoq_reference_type.depends_on.type
  display_text = "reads and writes orders"
  custom_fields = {
    criticality = "high"
  }
}

# Across workspaces: the reference lives in its source's workspace.
resource "ardoq_reference" "web_runs_on_host" {
  source = ardoq_component.web.id
  target = ardoq_component.host.id
  type   = data.ardoq_reference_type.runs_on.type
}
