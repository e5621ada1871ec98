output "connected_as" {
  value = "${data.ardoq_me.current.email} in ${data.ardoq_me.current.org_name} (${data.ardoq_me.current.org_label})"
}

output "component_keys" {
  description = "Ardoq's human-readable ids of the managed components."
  value = merge(
    { for k, c in ardoq_component.servers : k => c.component_key },
    {
      web_shop  = ardoq_component.web_shop.component_key
      checkout  = ardoq_component.checkout.component_key
      catalog   = ardoq_component.catalog.component_key
      payments  = ardoq_component.payments.component_key
      orders_db = ardoq_component.orders_db.component_key
    },
  )
}

output "cross_workspace_reference" {
  value = "${ardoq_component.web_shop.name} (${ardoq_reference.web_shop_runs_on["web-01"].root_workspace}) runs on web-01 (${ardoq_reference.web_shop_runs_on["web-01"].target_workspace})"
}

output "applications_report" {
  description = "Rows of the 'Applications overview' report, run after the apply."
  value       = [for row in data.ardoq_report_run.applications.rows : "${row["componentKey"]} ${row["name"]}: owner ${lookup(row, "owner", "-")}, cost ${lookup(row, "cost", "-")}"]
}

output "batch_managed" {
  description = "Items created by ardoq_batch in one transaction, with their Ardoq keys."
  value       = { for k, c in ardoq_batch.inventory.computed_components : k => c.component_key }
}
