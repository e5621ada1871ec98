# A connectivity check: who the token belongs to, in which organization.
data "ardoq_me" "current" {}

output "ardoq_org" {
  value = data.ardoq_me.current.org_label
}
