import { apiRoute } from "~/web/api/answers.server";
import { openApiDocument } from "~/web/api/document.server";

/** The OpenAPI 3.1 description of the JSON API (docs/product/api.md#the-json-api), the same on every brand's host. */
async function openApi() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}

export const { loader, action } = apiRoute({ GET: openApi });
