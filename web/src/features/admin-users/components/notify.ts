import { notifications } from '@mantine/notifications';

/** docs/product.md#admin-errors: a failed action says 'Error: {message}'; a done one says what was done. */
export const notifyFailure = (error: unknown) =>
  notifications.show({
    color: 'red',
    title: 'Error',
    message: `Error: ${error instanceof Error ? error.message : 'Something went wrong'}`,
  });

export const notifyDone = (message: string) => notifications.show({ color: 'green', message });
