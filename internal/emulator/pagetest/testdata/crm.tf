# An ardoq_batch with a parent and its child; crm_after.tf drops both, so one batch deletes the parent
# first (its key sorts first) and then the child, which Ardoq already took along.
resource "ardoq_batch" "crm" {
  components = {
    crm = {
      root_workspace = data.ardoq_workspace.apps.id
      type_id        = local.types[var.application_type]
      name           = "CRM"
    }
    crm_contacts = {
      root_workspace = data.ardoq_workspace.apps.id
      type_id        = local.types[var.module_type]
      name           = "CRM Contacts"
      parent         = "crm"
    }
    sales_portal = {
      root_workspace = data.ardoq_workspace.apps.id
      type_id        = local.types[var.application_type]
      name           = "Sales Portal"
    }
  }
}
