import { RouterProvider } from "react-router/dom";
import { Toaster } from "../ui/toaster";
import { router } from "./router";

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
}
