variable "workspace" {
  description = "Name of the workspace to adopt."
  type        = string
  default     = "Business Capabilities"
}

data "ardoq_workspace" "caps" {
  name = var.workspace
}

# Every component of the workspace, found with the API's filters (all pages).
data "ardoq_components" "existing" {
  root_workspace = data.ardoq_workspace.caps.id
}

locals {
  existing = { for c in data.ardoq_components.existing.components : c.component_key => c }
}

# Terraform 1.7+: one import block for every component found.
import {
  for_each = local.existing
  to       = ardoq_component.adopted[each.key]
  id       = each.value.id
}

# The configuration that matches them, written from the same data, display overrides included: the first plan
# imports and changes nothing.
# custom_fields is left out, so Ardoq keeps them all. Once you add it, name every field to keep: the import
# recorded them, and one left out is cleared (see custom_fields on the ardoq_component page).
resource "ardoq_component" "adopted" {
  for_each       = local.existing
  name           = each.value.name
  root_workspace = each.value.root_workspace
  type_id        = each.value.type_id
  parent         = each.value.parent
  description    = each.value.description
  color          = each.value.color
  shape          = each.value.shape
  icon           = each.value.icon
  image          = each.value.image
}
