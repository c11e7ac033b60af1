from django.urls import path

from notices import views

urlpatterns = [path("notices/", views.notice_list, name="notices")]
