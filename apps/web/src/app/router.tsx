import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, redirect } from 'react-router';
import { myLibraryQueryOptions } from '#web/features/my-library/api/my-library.ts';
import { bookReadingQueryOptions } from '#web/features/reader/api/book-reading.ts';
import { latestThoughtsQueryOptions } from '#web/features/thoughts/api/latest-thoughts.ts';
import { accountQueryOptions } from '#web/lib/account.ts';
import { libraryOverviewQueryOptions } from '#web/lib/library-overview.ts';
import { RootErrorPage } from './ErrorPage.tsx';
import { PublicOnly } from './guards/PublicOnly.tsx';
import { RequireAuth } from './guards/RequireAuth.tsx';
import { RequireConfirmedSession } from './guards/RequireConfirmedSession.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { PageFallback } from './PageFallback.tsx';
import type { RouteHandle } from './page-title.tsx';
import { RootLayout } from './RootLayout.tsx';
import { screenData } from './screen-data.ts';

/** Every screen is its own chunk, loaded when first visited. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const title = (key: string): RouteHandle => ({ title: key });

const publicRoutes: RouteObject[] = [
  {
    index: true,
    lazy: screen(() => import('./routes/LandingRoute.tsx')),
  },
  {
    path: 'about',
    lazy: screen(() => import('#web/features/marketing/routes/AboutPage.tsx')),
    handle: title('nav.about'),
  },
  {
    path: 'pricing',
    lazy: screen(() => import('#web/features/billing/routes/PricingPage.tsx')),
    handle: title('nav.pricing'),
  },
  {
    path: 'privacy-policy',
    lazy: screen(() => import('#web/features/marketing/routes/PrivacyPage.tsx')),
    handle: title('nav.privacy'),
  },
  {
    path: 'terms-conditions',
    lazy: screen(() => import('#web/features/marketing/routes/TermsPage.tsx')),
    handle: title('nav.terms'),
  },
  {
    path: 'sign-up',
    lazy: screen(() => import('#web/features/auth/routes/SignUpPage.tsx')),
    handle: title('common.signUp'),
  },
  {
    path: 'login',
    lazy: screen(() => import('#web/features/auth/routes/LoginPage.tsx')),
    handle: title('common.logIn'),
  },
  {
    path: 'forgot-password',
    lazy: screen(() => import('#web/features/auth/routes/ForgotPasswordPage.tsx')),
    handle: title('auth.forgot.title'),
  },
  {
    path: 'reset-password',
    lazy: screen(() => import('#web/features/auth/routes/ResetPasswordPage.tsx')),
    handle: title('auth.reset.title'),
  },
];

/** The signed-in area; `queryClient` (the app's) lets the busiest screens start their data early. */
const appRoutes = (queryClient?: QueryClient): RouteObject[] => [
  { index: true, loader: () => redirect('/app/home') },
  {
    path: 'home',
    lazy: screen(() => import('./routes/HomeRoute.tsx')),
    loader: screenData(queryClient, (client) => {
      void client.prefetchQuery(myLibraryQueryOptions());
      void client.prefetchQuery(latestThoughtsQueryOptions());
      void client.prefetchQuery(libraryOverviewQueryOptions());
    }),
    handle: title('nav.home'),
  },
  {
    // The account screens show the member's email and profile text, which the offline copy lacks
    // (support prefills the email; billing needs the server anyway).
    Component: RequireConfirmedSession,
    children: [
      {
        path: 'settings',
        lazy: screen(() => import('#web/features/settings/routes/SettingsPage.tsx')),
        handle: title('nav.settings'),
      },
      {
        path: 'settings/profile',
        lazy: screen(() => import('#web/features/profile/routes/EditProfilePage.tsx')),
        handle: title('profile.editForm.title'),
      },
      {
        path: 'support',
        lazy: screen(() => import('#web/features/support/routes/SupportPage.tsx')),
        handle: title('nav.support'),
      },
      {
        path: 'billing',
        lazy: screen(() => import('#web/features/billing/routes/BillingPage.tsx')),
        handle: title('nav.billing'),
      },
    ],
  },
  {
    path: 'books',
    lazy: screen(() => import('#web/features/library/routes/BooksPage.tsx')),
    handle: title('nav.books'),
  },
  {
    path: 'add-book',
    lazy: screen(() => import('#web/features/publishing/routes/AddBookPage.tsx')),
    handle: title('nav.addBook'),
  },
  {
    path: 'edit-book/:bookId',
    lazy: screen(() => import('#web/features/publishing/routes/EditBookPage.tsx')),
    handle: title('publishing.editTitle'),
  },
  {
    path: 'thoughts',
    lazy: screen(() => import('#web/features/thoughts/routes/ThoughtsPage.tsx')),
    handle: title('nav.thoughts'),
  },
  {
    // One route for a new conversation and a saved one: the screen (and the chat streaming in it)
    // stays mounted when a new conversation receives its id and its address.
    path: 'moejrAI/:conversationId?',
    lazy: screen(() => import('#web/features/assistant/routes/AssistantPage.tsx')),
    handle: title('nav.moejrAI'),
  },
  {
    path: 'my-library',
    lazy: screen(() => import('#web/features/my-library/routes/MyLibraryPage.tsx')),
    handle: title('nav.myLibrary'),
  },
  {
    path: 'search',
    lazy: screen(() => import('#web/features/search/routes/SearchPage.tsx')),
    handle: title('nav.search'),
  },
  {
    // The operator console: the route decides who may see it (everyone else: the 404 page).
    path: 'admin',
    lazy: screen(() => import('./routes/AdminRoute.tsx')),
    handle: title('admin.title'),
    children: [
      // Rendered only inside the console, so a non-operator's address stays as they typed it.
      { index: true, element: <Navigate to="support" replace /> },
      {
        path: 'support',
        lazy: screen(() => import('#web/features/admin/routes/InboxPage.tsx')),
        handle: title('admin.tabs.support'),
      },
      {
        path: 'support/:messageId',
        lazy: screen(() => import('#web/features/admin/routes/MessagePage.tsx')),
        handle: title('admin.tabs.support'),
      },
      {
        path: 'reports',
        lazy: screen(() => import('#web/features/admin/routes/ReportsPage.tsx')),
        handle: title('admin.tabs.reports'),
      },
      {
        path: 'members',
        lazy: screen(() => import('#web/features/admin/routes/MembersPage.tsx')),
        handle: title('admin.tabs.members'),
      },
      {
        path: 'audit',
        lazy: screen(() => import('#web/features/admin/routes/AuditPage.tsx')),
        handle: title('admin.tabs.audit'),
      },
    ],
  },
  {
    path: ':userNumber',
    lazy: screen(() => import('./routes/ProfileRoute.tsx')),
    handle: title('nav.profile'),
  },
  {
    path: 'category/:categoryId',
    lazy: screen(() => import('#web/features/library/routes/CategoryPage.tsx')),
    handle: title('browse.categoryPageTitle'),
  },
  {
    path: 'tag/:tagId',
    lazy: screen(() => import('#web/features/library/routes/TagPage.tsx')),
    handle: title('browse.tagPageTitle'),
  },
  {
    path: ':categoryId/preview/:bookId',
    lazy: screen(() => import('./routes/BookPreviewRoute.tsx')),
    handle: title('preview.pageTitle'),
  },
  {
    path: ':categoryId/:bookId',
    lazy: screen(() => import('./routes/ReaderRoute.tsx')),
    loader: screenData(queryClient, (client, { bookId = '' }) => {
      void client.prefetchQuery(bookReadingQueryOptions(bookId));
    }),
    handle: title('reader.pageTitle'),
  },
  {
    path: 'thoughts/:userNumber/:thoughtId',
    lazy: screen(() => import('#web/features/thoughts/routes/ThoughtPage.tsx')),
    handle: title('thoughts.thoughtTitle'),
  },
  {
    path: '*',
    lazy: async () => ({ Component: (await import('./NotFoundPage.tsx')).AppNotFoundPage }),
    handle: title('errors.notFoundTitle'),
  },
];

/** Every route; without `queryClient` (the build's prerender) no screen starts its data early. */
export const createRoutes = (queryClient?: QueryClient): RouteObject[] => [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <RootErrorPage />,
    HydrateFallback: PageFallback,
    children: [
      {
        Component: PublicLayout,
        children: [
          // Only public pages move a signed-in member into the app; the 404 page does not.
          // No HydrateFallback of their own: on a first visit the root's fallback stands in for
          // the whole page until its code has arrived, so the header and the footer do not show
          // early around an empty page and then jump (layout shift).
          { Component: PublicOnly, children: publicRoutes },
          {
            path: '*',
            lazy: screen(() => import('./NotFoundPage.tsx')),
            handle: title('errors.notFoundTitle'),
          },
        ],
      },
      {
        path: 'app',
        Component: RequireAuth,
        HydrateFallback: PageFallback,
        children: [
          {
            lazy: screen(() => import('./layouts/AppLayout.tsx')),
            // The shell's own query (the operator's console link, the plan, a suspension).
            loader: screenData(queryClient, (client) => {
              void client.prefetchQuery(accountQueryOptions());
            }),
            errorElement: <RootErrorPage />,
            children: appRoutes(queryClient),
          },
        ],
      },
    ],
  },
];

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
