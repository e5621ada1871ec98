terraform {
  required_providers {
    ardoq = {
      source = "seed762a2f0c/ardoq"
    }
  }
}

# The token is best given through ARDOQ_API_TOKEN rather than in a file.
provider "ardoq" {
  base_url = "https://app.ardoq.com" # or your custom domain; ARDOQ_BASE_URL
  org      = "myorg"                 # organization label, sent as X-org; ARDOQ_ORG
}
