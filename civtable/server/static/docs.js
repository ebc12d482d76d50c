/* The API browser: Swagger UI (from the installed swagger-ui-bundle package) on /openapi.json. */
"use strict";

window.addEventListener("DOMContentLoaded", () => {
  window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
});
