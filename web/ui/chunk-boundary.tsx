import { Component, type ReactNode } from "react";

type Props = { fallback: ReactNode; children: ReactNode };

/**
 * Catches code loaded on demand failing to arrive (offline, or a deploy replaced the chunk) so the
 * rest of the page stays. React.lazy remembers a failed load: the parent retries with a new lazy
 * component under a new boundary (a new `key`).
 */
export class ChunkBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
