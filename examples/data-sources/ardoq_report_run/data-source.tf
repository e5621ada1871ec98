data "ardoq_report" "capabilities" {
  name = "Capability maturity"
}

# Rows as objects keyed by column key; every page is read.
data "ardoq_report_run" "capabilities" {
  report_id  = data.ardoq_report.capabilities.id
  key_format = "key"
}

output "capability_maturity" {
  value = { for row in data.ardoq_report_run.capabilities.rows : row["name"] => lookup(row, "maturity", "unknown") }
}

# The same rows as arrays aligned with the columns, exactly as Ardoq returned them.
data "ardoq_report_run" "capabilities_tabular" {
  report_id = data.ardoq_report.capabilities.id
  format    = "tabular"
}

output "capability_rows" {
  value = jsondecode(data.ardoq_report_run.capabilities_tabular.rows_json)
}
