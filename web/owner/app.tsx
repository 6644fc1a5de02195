import { RouterProvider } from "react-router/dom";
import { Toasts } from "../ui/toasts";
import { router } from "./router";

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <Toasts />
    </>
  );
}
