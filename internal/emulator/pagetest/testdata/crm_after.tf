# crm.tf without CRM and its child CRM Contacts.
resource "ardoq_batch" "crm" {
  components = {
    sales_portal = {
      root_workspace = data.ardoq_workspace.apps.id
      type_id        = local.types[var.application_type]
      name           = "Sales Portal"
    }
  }
}
