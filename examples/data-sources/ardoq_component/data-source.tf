variable "workspace" {
  description = "Workspace to look in."
  type        = string
  default     = "Business Capabilities"
}

data "ardoq_workspace" "caps" {
  name = var.workspace
}

# By filters that must match exactly one component...
data "ardoq_component" "billing" {
  root_workspace = data.ardoq_workspace.caps.id
  name           = "Billing"
}

# ...or by a custom field value, interpreted by the field's type.
data "ardoq_component" "customer_management" {
  root_workspace       = data.ardoq_workspace.caps.id
  custom_fields_filter = { external_id = "cap-001" }
}

output "billing_key" {
  value = data.ardoq_component.billing.component_key
}

output "customer_management_maturity" {
  value = data.ardoq_component.customer_management.custom_fields.maturity
}
