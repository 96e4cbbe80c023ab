import { Component, type ReactNode } from 'react';

type TState = { failed: boolean };

/** A render error (or a page chunk that cannot load) shows the ERROR screen instead of a blank page. */
export class ErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, TState> {
  override state: TState = { failed: false };

  static getDerivedStateFromError(): TState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
