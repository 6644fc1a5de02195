import type { PublicVehicle } from "../../../domain/vehicles";
import type { PublicPageData } from "../types";

/** A sample landing for the public pages' tests (never imported by the pages themselves). */
const image = (id: number) => ({
  id,
  path_images: `/storage/vehicles/${id}-960.webp`,
  position: id,
  width: 1600,
  height: 1200,
  srcset: `/storage/vehicles/${id}-480.webp 480w, /storage/vehicles/${id}-960.webp 960w, /storage/vehicles/${id}-1600.webp 1600w`,
});

const vehicle = (fields: Partial<PublicVehicle> & Pick<PublicVehicle, "id" | "name">): PublicVehicle => ({
  id_landing: 1,
  description: "",
  price: 45,
  price_cents: 4500,
  luggage: 2,
  people: 5,
  type_of_car: "sedan",
  transmision: "automatic",
  brand: "Toyota",
  bluetooth: false,
  siriusxm: false,
  gps: false,
  automatic: true,
  apple_car: false,
  features: [],
  special_features: [],
  images: [],
  ...fields,
});

export const SAMPLE_VEHICLES: PublicVehicle[] = [
  vehicle({
    id: 11,
    name: "Toyota Corolla 2024",
    description: "Sedán económico <b>y</b> cómodo.",
    bluetooth: true,
    apple_car: true,
    special_features: [{ id: 1, name: "Asientos calefactables", description: "Para las mañanas frías." }],
    features: [{ name: "color", value: "Azul" }],
    images: [image(1), image(2), image(3)],
  }),
  vehicle({
    id: 12,
    name: "Hyundai Tucson 2024",
    price: 75,
    price_cents: 7500,
    luggage: 4,
    type_of_car: "suv",
    brand: "Hyundai",
    gps: true,
    special_features: [
      { id: 1, name: "Asientos calefactables", description: "" },
      { id: 2, name: "Techo solar", description: "" },
    ],
    images: [image(4)],
  }),
  vehicle({
    id: 13,
    name: "Toyota Hiace 2023",
    price: 120,
    price_cents: 12000,
    luggage: 8,
    people: 10,
    type_of_car: "van",
    transmision: "manual",
    automatic: false,
  }),
  vehicle({ id: 14, name: "Kia Picanto", price: 30.5, price_cents: 3050, people: 4, luggage: 1, brand: "Kia" }),
];

export const SAMPLE_LANDING: PublicPageData["landing"] = {
  id: 1,
  name: "caribe-autos",
  display_name: "Caribe Autos & Co",
  public_url: "https://book.example.com/caribe-autos",
  logo: "/storage/logos/logo.webp",
  favicon_sizes: {},
  color_primary: "#0f766e",
  color_secondary: "#f59e0b",
  default_language: "es",
  meta_title: "Caribe Autos | Alquiler de vehículos",
  meta_description: "Reserva sedanes y SUVs en Santiago.",
  meta_keywords: "",
  og_title: "",
  og_description: "",
  og_image: null,
  robots: "index, follow",
  canonical_url: "",
  time_zone: "America/Santo_Domingo",
  currency: "USD",
  tax_label: "ITBIS",
  tax_rate: 18,
  addons: [
    { id: 21, name: "Exención de daños por colisión", price: 12, price_cents: 1200 },
    { id: 22, name: "Cobertura de efectos personales", price: 12, price_cents: 1200 },
    { id: 23, name: "Silla de bebé", price: 8.5, price_cents: 850 },
  ],
  locations: [
    { id: 1, place_of_departure: "Santiago", arrival_place: "La Romana" },
    { id: 2, place_of_departure: "Punta Cana", arrival_place: "Punta Cana" },
  ],
  content_version: 1,
  vehicles: SAMPLE_VEHICLES,
};

export const SAMPLE_TODAY = "2027-03-01";
/** A valid search: 2027-03-02 10:00 to 2027-03-05 10:00 (3 days) at Santiago for 2. */
export const SAMPLE_SEARCH = {
  pickup: "Santiago",
  from: "2027-03-02",
  fromTime: "10:00",
  to: "2027-03-05",
  toTime: "10:00",
  seats: "2",
};

export function samplePage(overrides: Partial<PublicPageData> = {}): PublicPageData {
  return {
    page: { kind: "home" },
    landing: SAMPLE_LANDING,
    language: "es",
    query: {},
    today: SAMPLE_TODAY,
    availability: null,
    reservation: null,
    siteUrl: "https://book.example.com/caribe-autos",
    basePath: "/caribe-autos",
    preview: false,
    ...overrides,
  };
}
