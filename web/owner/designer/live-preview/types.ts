/** What the designer's live preview knows of a landing being created. */
export type PreviewLanding = {
  /** The business name exactly as the owner typed it ("Autos Año Nuevo SRL"). */
  displayName: string;
  logo: string | null;
  color_primary: string | null;
  color_secondary: string | null;
  default_language: string | null;
};
