# After the migration: what mories76/ardoq created, now managed by this provider. The ids are the same in
# Ardoq's v1 and v2 APIs, so each import block takes over an entity as it is; nothing is re-created.

terraform {
  required_providers {
    ardoq = {
      source = "seed762a2f0c/ardoq" # was "mories76/ardoq"
    }
  }
}

# was apikey, baseuri and org. Set ARDOQ_API_TOKEN (was ARDOQ_APIKEY), ARDOQ_BASE_URL (was ARDOQ_BASEURI,
# now the host only: https://myorg.ardoq.com, without /api/) and ARDOQ_ORG (unchanged).
provider "ardoq" {}

data "ardoq_workspace" "caps" {
  name = "Business Capabilities"
}

# Replaces ardoq_model: type and reference type ids by name, for the workspace's model.
data "ardoq_workspace_context" "caps" {
  workspace_id = data.ardoq_workspace.caps.id
}

import {
  to = ardoq_component.billing
  id = "5eed0000000000000000c002"
}

import {
  to = ardoq_component.payments
  id = "5eed0000000000000000c003"
}

import {
  to = ardoq_reference.payments_part_of_billing
  id = "5eed00000000000000001001"
}

resource "ardoq_component" "billing" {
  name           = "Billing"
  root_workspace = data.ardoq_workspace.caps.id
  type_id        = data.ardoq_workspace_context.caps.component_type_ids["Capability"] # now required

  # was fields = { maturity = "2", ... }: values now have the field's type
  custom_fields = {
    maturity    = 2
    external_id = "cap-002"
  }
}

resource "ardoq_component" "payments" {
  name           = "Payments"
  root_workspace = data.ardoq_workspace.caps.id
  type_id        = data.ardoq_workspace_context.caps.component_type_ids["Capability"]
  parent         = ardoq_component.billing.id
  description    = "Taking money"
  custom_fields  = { external_id = "cap-003" }
}

# root_workspace and target_workspace are no longer set: Ardoq takes them from source and target.
resource "ardoq_reference" "payments_part_of_billing" {
  source       = ardoq_component.payments.id
  target       = ardoq_component.billing.id
  type         = data.ardoq_workspace_context.caps.reference_type_ids["Realized by"]
  display_text = "part of"
}
