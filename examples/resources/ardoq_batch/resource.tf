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

data "ardoq_workspace_context" "apps" {
  workspace_id = data.ardoq_workspace.apps.id
}

locals {
  ws    = data.ardoq_workspace.apps.id
  types = data.ardoq_workspace_context.apps.component_type_ids
  refs  = data.ardoq_workspace_context.apps.reference_type_ids
}

# One transaction per apply: all of these are created, changed or destroyed together, or not at all.
resource "ardoq_batch" "payments" {
  # Adopt components that already exist with the same external_id instead of duplicating them: the plan
  # shows the id of each one it takes over in computed_components, and apply makes it equal to its item.
  adopt_components_by = ["rootWorkspace", "customFields.external_id"]

  components = {
    api = {
      root_workspace = local.ws
      type_id        = local.types[var.application_type]
      name           = "Payments API"
      custom_fields  = { external_id = "pay-api", cost = 1200, critical = true, regions = ["eu", "us"] }
    }
    worker = {
      root_workspace = local.ws
      type_id        = local.types[var.module_type]
      name           = "Payments worker"
      parent         = "api" # the key of another item
    }
    db = {
      root_workspace = local.ws
      type_id        = local.types[var.database_type]
      name           = "Payments DB"
      custom_fields  = { external_id = "pay-db" }
    }
  }

  references = {
    api_uses_db = {
      source        = "api"
      target        = "db"
      type          = local.refs[var.depends_on_type]
      custom_fields = { criticality = "high" }
    }
  }
}

# What Ardoq assigned to each item: ids, versions, component keys (and workspaces for references).
output "payments_api" {
  value = ardoq_batch.payments.computed_components["api"] # { id, version, component_key }
}
