import type { LandingCopy } from "./copy";

/** Year and name of the landing (SPEC §2). */
export function LandingFooter({ name, copy, year }: { name: string; copy: LandingCopy; year: number }) {
  return (
    <footer className="bg-gray-900 text-gray-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm @2xl:flex-row @2xl:items-center @2xl:justify-between @2xl:px-8">
        <p data-testid="preview-footer">
          © {year} <span className="font-semibold text-white capitalize">{name}</span>. {copy.footer.rights}
        </p>
        <p>{copy.footer.poweredBy}</p>
      </div>
    </footer>
  );
}
