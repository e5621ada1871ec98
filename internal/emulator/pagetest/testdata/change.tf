# The change of the demo (examples/demo) that the browser test applies, with main_override.tf: Payments
# gets a fraud module, whose long name the page must show whole, reading the orders database.
resource "ardoq_component" "fraud" {
  name           = "Fraud Detection and Chargeback Handling for Card Payments"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = local.types[var.module_type]
  parent         = ardoq_component.payments.id
  custom_fields  = { owner = "team-payments", lifecycle = "build" }
}

resource "ardoq_reference" "fraud_reads_orders" {
  source       = ardoq_component.fraud.id
  target       = ardoq_component.orders_db.id
  type         = local.refs[var.stores_data_in_type]
  display_text = "reads order history"
}
