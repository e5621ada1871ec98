data "ardoq_attachments" "logos" {
  filename = "logo.png"
}

data "ardoq_attachment" "logo" {
  id = data.ardoq_attachments.logos.attachments[0].id
}

output "logo_folder" {
  value = data.ardoq_attachment.logo.folder
}
