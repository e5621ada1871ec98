# A small model for the page's browser test: an application with modules, a database, a server in another
# workspace, references (two across workspaces), and two components whose names are markup.
terraform {
  required_providers {
    ardoq = {
      source = "seed762a2f0c/ardoq"
    }
  }
}

provider "ardoq" {}

locals {
  apps  = "5eed0000000000000000b001" # the default seed's Applications and Infrastructure
  infra = "5eed0000000000000000b002"
  types = { application = "p1700000000001", module = "p1700000000002", server = "p1700000000003", database = "p1700000000004" }
}

resource "ardoq_component" "web_shop" {
  name           = "Web Shop"
  root_workspace = local.apps
  type_id        = local.types.application
  description    = "Customer-facing storefront"
}

resource "ardoq_component" "modules" {
  for_each       = toset(["Checkout", "Catalog"])
  name           = each.key
  root_workspace = local.apps
  type_id        = local.types.module
  parent         = ardoq_component.web_shop.id
}

resource "ardoq_component" "payments" {
  name           = "Payments"
  root_workspace = local.apps
  type_id        = local.types.application
}

resource "ardoq_component" "orders_db" {
  name           = "Orders DB"
  root_workspace = local.apps
  type_id        = local.types.database
}

resource "ardoq_component" "script_name" {
  name           = "<script>alert(1)</script>"
  root_workspace = local.apps
  type_id        = local.types.application
  description    = "<b>not bold</b>"
}

resource "ardoq_component" "img_name" {
  name           = "\"><img src=x onerror=alert(1)>"
  root_workspace = local.apps
  type_id        = local.types.module
  parent         = ardoq_component.script_name.id
}

resource "ardoq_component" "web_01" {
  name           = "web-01"
  root_workspace = local.infra
  type_id        = local.types.server
}

resource "ardoq_reference" "shop_payments" {
  source = ardoq_component.web_shop.id
  target = ardoq_component.payments.id
  type   = 1 # Depends on
}

resource "ardoq_reference" "checkout_orders" {
  source = ardoq_component.modules["Checkout"].id
  target = ardoq_component.orders_db.id
  type   = 3 # Stores data in
}

resource "ardoq_reference" "shop_runs_on" {
  source = ardoq_component.web_shop.id
  target = ardoq_component.web_01.id
  type   = 2 # Runs on, across workspaces
}

resource "ardoq_reference" "db_runs_on" {
  source = ardoq_component.orders_db.id
  target = ardoq_component.web_01.id
  type   = 2
}

resource "ardoq_reference" "img_catalog" {
  source = ardoq_component.img_name.id
  target = ardoq_component.modules["Catalog"].id
  type   = 1
}

output "web_shop" {
  value = ardoq_component.web_shop.id
}

output "checkout" {
  value = ardoq_component.modules["Checkout"].id
}

output "payments" {
  value = ardoq_component.payments.id
}

output "orders_db" {
  value = ardoq_component.orders_db.id
}
