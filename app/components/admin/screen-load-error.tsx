import { isRouteErrorResponse, useRevalidator, useRouteError } from "react-router";
import { AdminPage, LoadError } from "./admin-page";
import { useFailureToast } from "./failure-toast";
import { Forbidden } from "./forbidden";

/**
 * A back-office screen whose loader failed (its route's ErrorBoundary): the screen's title, its
 * failure text with Try Again (the loaders run again), and the same text as a toast.
 */
export function ScreenLoadError({ title, message }: { title: string; message: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden />;
  return <LoadFailed title={title} message={message} />;
}

function LoadFailed({ title, message }: { title: string; message: string }) {
  const revalidator = useRevalidator();
  useFailureToast(message);
  return (
    <AdminPage title={title}>
      <LoadError message={message} onRetry={() => void revalidator.revalidate()} />
    </AdminPage>
  );
}
