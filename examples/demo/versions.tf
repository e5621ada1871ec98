terraform {
  required_providers {
    ardoq = {
      source = "seed762a2f0c/ardoq"
    }
  }
}

# base_url, api_token and org come from ARDOQ_BASE_URL, ARDOQ_API_TOKEN and ARDOQ_ORG (make demo sets them).
provider "ardoq" {}
