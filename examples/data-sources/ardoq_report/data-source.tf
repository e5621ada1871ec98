data "ardoq_report" "apps" {
  name = "Applications overview"
}

output "report_columns" {
  value = [for c in data.ardoq_report.apps.columns : c.label]
}
