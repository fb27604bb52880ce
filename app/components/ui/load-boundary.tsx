import { Component, type ReactNode } from "react";

/**
 * Catches a lazily loaded part of the page that failed to arrive (offline, or the site was updated
 * since the page was opened) so the rest of the page stays, and shows `fallback` in its place.
 */
export class LoadBoundary extends Component<
  { fallback: ReactNode | ((retry: () => void) => ReactNode); onError?: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  private retry = () => this.setState({ failed: false });

  render() {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === "function" ? fallback(this.retry) : fallback;
  }
}
