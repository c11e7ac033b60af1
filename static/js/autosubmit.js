// Submits a form as soon as one of its fields marked data-autosubmit changes (the
// footer's language choice). A file rather than an inline onchange handler, which
// the Content-Security-Policy forbids.
document.addEventListener("change", (event) => {
  const field = event.target;
  if (field instanceof HTMLElement && field.matches("[data-autosubmit]") && field.form) {
    field.form.submit();
  }
});
