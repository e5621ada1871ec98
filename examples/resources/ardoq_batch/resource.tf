# Names in your org's model (the defaults are those of the emulator's org).
variable "workspace" {
  description = "Workspace of the items."
  type        = string
  default     = "Applications"
}

variable "application_type" {
  description = "Component type of applications."
  type        = string
  default     = "Application"
}

variable "module_type" {
  description = "Component type allowed below applications."
  type        = string
  default     = "Application Module"
}

variable "database_type" {
  description = "Component type of databases."
  type        = string
  default     = "Database"
}

variable "depends_on_type" {
  description = "Reference type from an application to what it needs."
  type        = string
  default     = "Depends on"
}

data "ardoq_workspace" "apps" {
  name = var.workspace
}

# Types by the names Ardoq shows: a name that matches none is an error listing the closest names.
data "ardoq_component_type" "application" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.application_type
}

data "ardoq_component_type" "module" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.module_type
}

data "ardoq_component_type" "database" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.database_type
}

data "ardoq_reference_type" "depends_on" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.depends_on_type
}

locals {
  ws = data.ardoq_workspace.apps.id
}

# One transaction per apply: all of these are created, changed or destroyed together, or not at all.
resource "ardoq_batch" "payments" {
  # Take over components that already exist with the same external_id instead of duplicating them.
  adopt_components_by = ["rootWorkspace", "customFields.external_id"]

  components = {
    api = {
      root_workspace = local.ws
      type_id        = data.ardoq_component_type.application.type_id
      name           = "Payments API"
      custom_fields  = { external_id = "pay-api", cost = 1200, critical = true, regions = ["eu", "us"] }
    }
    worker = {
      root_workspace = local.ws
      type_id        = data.ardoq_component_type.module.type_id
      name           = "Payments worker"
      parent         = "api" # the key of another item
    }
    db = {
      root_workspace = local.ws
      type_id        = data.ardoq_component_type.database.type_id
      name           = "Payments DB"
      custom_fields  = { external_id = "pay-db" }
    }
  }

  references = {
    api_uses_db = {
      source        = "api"
      target        = "db"
      type          = data.ardoq_reference_type.depends_on.type
      custom_fields = { criticality = "high" }
    }
  }
}

# What Ardoq assigned to each item.
output "payments_api" {
  value = ardoq_batch.payments.computed_components["api"] # { id, version, component_key }
}
