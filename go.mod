module github.com/seed762a2f0c/terraform-provider-ardoq

go 1.26.0

require golang.org/x/time v0.16.0
