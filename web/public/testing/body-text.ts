import { piecesText } from "../html-pieces";
import { renderBody } from "../render";
import type { PublicPageData } from "../types";

/** The page's body as the server renders it, as one string (render.tsx gives it in pieces). */
export const bodyText = (data: PublicPageData): string => piecesText(renderBody(data));
