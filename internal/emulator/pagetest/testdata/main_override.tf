# The change of the demo (with change.tf): Payments goes live, and the loyalty service and its database
# leave the inventory that ardoq_batch manages, so the run deletes them.
locals {
  inventory = ["billing", "search", "shipping"]
}

resource "ardoq_component" "payments" {
  custom_fields = { owner = "team-payments", cost = 120000, critical = true, lifecycle = "live" }
}
