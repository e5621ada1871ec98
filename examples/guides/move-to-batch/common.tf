# Names in your org's model (the defaults are those of the emulator's org).
variable "workspace" {
  description = "Workspace of the services."
  type        = string
  default     = "Applications"
}

variable "application_type" {
  description = "Component type of the services."
  type        = string
  default     = "Application"
}

variable "depends_on_type" {
  description = "Reference type from a service to one it needs."
  type        = string
  default     = "Depends on"
}

data "ardoq_workspace" "apps" {
  name = var.workspace
}

data "ardoq_component_type" "application" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.application_type
}

data "ardoq_reference_type" "depends_on" {
  workspace_id = data.ardoq_workspace.apps.id
  name         = var.depends_on_type
}

locals {
  ws       = data.ardoq_workspace.apps.id
  services = { payments = "Payments", orders = "Orders", billing = "Billing" }
  # from => to, by the keys of services
  depends_on = { payments_orders = ["payments", "orders"], orders_billing = ["orders", "billing"] }
}
