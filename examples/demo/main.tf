# A small but real architecture model: applications with modules, a database, servers in another
# workspace, references between them (some across workspaces), typed custom fields, and a report run.

data "ardoq_me" "current" {}

data "ardoq_workspace" "apps" {
  name = var.workspace
}

data "ardoq_workspace" "infra" {
  name = var.infrastructure_workspace
}

# Both workspaces share one metamodel: look types up by the names Ardoq shows instead of hard-coding
# their ids. A name that matches none is an error listing the closest names that exist.
data "ardoq_component_type" "by_name" {
  for_each     = toset([var.application_type, var.module_type, var.database_type, var.server_type])
  workspace_id = data.ardoq_workspace.apps.id
  name         = each.key
}

data "ardoq_reference_type" "by_name" {
  for_each     = toset([var.depends_on_type, var.stores_data_in_type, var.runs_on_type])
  workspace_id = data.ardoq_workspace.apps.id
  name         = each.key
}

locals {
  types = { for name, t in data.ardoq_component_type.by_name : name => t.type_id }
  refs  = { for name, t in data.ardoq_reference_type.by_name : name => t.type }
}

resource "ardoq_component" "web_shop" {
  name           = "Web Shop"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = local.types[var.application_type]
  description    = "Customer-facing storefront"
  custom_fields = {
    owner     = "team-storefront"
    cost      = 84000
    critical  = true
    lifecycle = "live"
    regions   = ["eu", "us"]
    go_live   = "2023-03-01T00:00:00Z"
    contact   = "storefront@example.com"
  }
}

resource "ardoq_component" "checkout" {
  name           = "Checkout"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = local.types[var.module_type]
  parent         = ardoq_component.web_shop.id
  custom_fields  = { owner = "team-checkout", lifecycle = "live" }
}

resource "ardoq_component" "catalog" {
  name           = "Catalog"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = local.types[var.module_type]
  parent         = ardoq_component.web_shop.id
}

resource "ardoq_component" "payments" {
  name           = "Payments"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = local.types[var.application_type]
  custom_fields  = { owner = "team-payments", cost = 120000, critical = true, lifecycle = "build" }
}

resource "ardoq_component" "orders_db" {
  name           = "Orders DB"
  root_workspace = data.ardoq_workspace.apps.id
  type_id        = local.types[var.database_type]
  custom_fields  = { owner = "team-checkout", cost = 18000 }
}

resource "ardoq_component" "servers" {
  for_each       = toset(["web-01", "web-02", "db-01"])
  name           = each.key
  root_workspace = data.ardoq_workspace.infra.id
  type_id        = local.types[var.server_type]
  custom_fields  = { hostname = "${each.key}.prod.example.com", regions = ["eu"], lifecycle = "live" }
}

resource "ardoq_reference" "web_shop_depends_on_payments" {
  source        = ardoq_component.web_shop.id
  target        = ardoq_component.payments.id
  type          = local.refs[var.depends_on_type]
  display_text  = "charges cards"
  custom_fields = { criticality = "high" }
}

resource "ardoq_reference" "checkout_stores_orders" {
  source = ardoq_component.checkout.id
  target = ardoq_component.orders_db.id
  type   = local.refs[var.stores_data_in_type]
}

# Across workspaces: application -> server.
resource "ardoq_reference" "web_shop_runs_on" {
  for_each = toset(["web-01", "web-02"])
  source   = ardoq_component.web_shop.id
  target   = ardoq_component.servers[each.key].id
  type     = local.refs[var.runs_on_type]
}

resource "ardoq_reference" "orders_db_runs_on" {
  source = ardoq_component.orders_db.id
  target = ardoq_component.servers["db-01"].id
  type   = local.refs[var.runs_on_type]
}

# Reports are computed by Ardoq from the live model; this one lists every application.
data "ardoq_report" "applications" {
  name = "Applications overview"
}

data "ardoq_report_run" "applications" {
  report_id  = data.ardoq_report.applications.id
  key_format = "key"
  depends_on = [ardoq_component.web_shop, ardoq_component.payments, ardoq_batch.inventory]
}

# A generated part of the model, applied in one transaction: an inventory of services with their
# databases, each service depending on its database. Renaming one item changes only that item.
locals {
  inventory = ["billing", "search", "shipping", "loyalty"]
}

resource "ardoq_batch" "inventory" {
  adopt_components_by = ["rootWorkspace", "customFields.external_id"]

  components = merge(
    { for s in local.inventory : s => {
      root_workspace = data.ardoq_workspace.apps.id
      type_id        = local.types[var.application_type]
      name           = "${title(s)} service"
      custom_fields  = { external_id = "svc-${s}", lifecycle = "live", regions = ["eu"] }
    } },
    { for s in local.inventory : "${s}_db" => {
      root_workspace = data.ardoq_workspace.apps.id
      type_id        = local.types[var.database_type]
      name           = "${title(s)} DB"
      custom_fields  = { external_id = "db-${s}", cost = 4000 }
    } },
  )

  references = { for s in local.inventory : "${s}_uses_db" => {
    source = s
    target = "${s}_db"
    type   = local.refs[var.stores_data_in_type]
  } }
}
