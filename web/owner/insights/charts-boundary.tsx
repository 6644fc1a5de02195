import { Component, type ReactNode } from "react";

type Props = { fallback: ReactNode; children: ReactNode };

/**
 * Catches the charts' code failing to arrive (offline, or a deploy replaced the chunk) so the rest
 * of the page stays. The parent retries by mounting a new boundary (a new `key`).
 */
export class ChartsBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
