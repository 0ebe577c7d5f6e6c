import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../components/NotFound';
import { HomePage } from '../features/home';
import { AppLayout } from './layout/AppLayout';

/** Every screen of the app, in one table (spec 1 §2.1). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
