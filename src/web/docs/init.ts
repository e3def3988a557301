// Starts the bundled Swagger UI on daybook's own OpenAPI document (a file, because the page's CSP allows no
// inline script). No validator badge: it would call validator.swagger.io.
declare const SwaggerUIBundle: (options: Record<string, unknown>) => unknown

window.addEventListener('DOMContentLoaded', () => {
  SwaggerUIBundle({ url: '/api/docs/json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true, persistAuthorization: false })
})
