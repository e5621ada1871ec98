data "ardoq_reports" "all" {}

output "report_names" {
  value = [for r in data.ardoq_reports.all.reports : r.name]
}
